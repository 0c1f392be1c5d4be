/** The windows' place while their answer or their chart's code loads: three grey charts. */
export function WindowsChartSkeleton() {
  return (
    <div className="windows-chart" aria-hidden="true">
      {[0, 1, 2].map((chart) => (
        <div key={chart} className="window-chart">
          <span className="stats-skeleton stats-skeleton--title" />
          {[0, 1, 2].map((row) => (
            <span key={row} className="stats-skeleton stats-skeleton--bar" />
          ))}
        </div>
      ))}
    </div>
  );
}
