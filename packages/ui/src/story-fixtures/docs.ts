// Storybook only: the description at the top of each component's docs page (autodocs), in one
// shape for every component: what it is for, then short do / don't notes for designers.

export interface ComponentGuidance {
  /** What the component is for, in one or two sentences (markdown). */
  summary: string;
  do: readonly string[];
  dont: readonly string[];
}

/** `parameters` for a stories file's meta: the docs page's component description. */
export function componentDocs(guidance: ComponentGuidance) {
  const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");
  return {
    docs: {
      description: {
        component: [
          guidance.summary,
          `**Do**\n\n${list(guidance.do)}`,
          `**Don't**\n\n${list(guidance.dont)}`,
        ].join("\n\n"),
      },
    },
  };
}
