/**
 * CSS rules that hide content visually but keep it for screen readers, as a string to
 * interpolate into linaria `css` blocks (inside media queries, where a class cannot go).
 */
export const visuallyHiddenRules = `
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;
