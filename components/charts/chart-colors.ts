/** Line colours, distinguishable on white and in order of contrast; repeated past ten lines. */
export const CHART_COLORS = [
  '#4f46e5',
  '#0891b2',
  '#d97706',
  '#db2777',
  '#16a34a',
  '#7c3aed',
  '#dc2626',
  '#0d9488',
  '#ca8a04',
  '#475569',
] as const;

export function lineColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length]!;
}
