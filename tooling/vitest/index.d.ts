import type { UserProjectConfigExport, UserWorkspaceConfig } from "vitest/config";
export declare const baseProjectConfig: UserWorkspaceConfig;
export declare function defineChayongProject(
  overrides?: UserWorkspaceConfig,
): UserProjectConfigExport;
