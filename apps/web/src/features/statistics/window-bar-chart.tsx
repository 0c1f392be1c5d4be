/** One bar: a window's label and amount. */
export interface WindowBar {
  label: string;
  /** The amount as it reads in the chart (shortened when long). */
  value: string;
  amount: number;
}

export interface WindowBarChartProps {
  title: string;
  /** Which way the windows look: 'up to today' or 'from today'. */
  period: string;
  bars: readonly WindowBar[];
  /** The largest amount of every chart shown together, so their bars compare. */
  scaleMax: number;
  tone: "disbursed" | "repaid" | "due";
  /** What a screen reader says instead of the picture: the title and every amount in full. */
  description: string;
}

const width = 320;
const rowHeight = 30;
const labelWidth = 72;
const valueWidth = 104;
const barHeight = 14;
const barMax = width - labelWidth - valueWidth - 8;

/**
 * A small horizontal bar chart of one measure over the today / 3 / 7-day windows, drawn by hand
 * in SVG (no chart library on a phone). It is one image to assistive technology, named by
 * `description`.
 */
export function WindowBarChart({
  title,
  period,
  bars,
  scaleMax,
  tone,
  description,
}: WindowBarChartProps) {
  const height = bars.length * rowHeight;
  return (
    <figure className={`window-chart window-chart--${tone}`}>
      <figcaption className="window-chart__title">
        {title} <span className="window-chart__period">{period}</span>
      </figcaption>
      <svg
        className="window-chart__svg"
        role="img"
        aria-label={description}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((bar, index) => {
          const y = index * rowHeight;
          const middle = y + rowHeight / 2;
          const barWidth =
            scaleMax > 0 && bar.amount > 0 ? Math.max(2, (bar.amount / scaleMax) * barMax) : 0;
          return (
            <g key={bar.label}>
              <text className="window-chart__label" x={0} y={middle} dominantBaseline="central">
                {bar.label}
              </text>
              <rect
                className="window-chart__track"
                x={labelWidth}
                y={middle - barHeight / 2}
                width={barMax}
                height={barHeight}
                rx={3}
              />
              {barWidth > 0 ? (
                <rect
                  className="window-chart__bar"
                  x={labelWidth}
                  y={middle - barHeight / 2}
                  width={barWidth}
                  height={barHeight}
                  rx={3}
                />
              ) : null}
              <text
                className="window-chart__value"
                x={width}
                y={middle}
                dominantBaseline="central"
                textAnchor="end"
              >
                {bar.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
