// Styles the Deliver, Master and Feed panels share, apart from panel.styles.ts: that module is in the first paint
// (the Recommend panel's), and a \`css\` call is kept wherever its module is.
import { css } from 'lit';

/** A panel's headings and paragraphs: no margins of their own (the panel's gap spaces them), headings at text size. */
export const headingStyles = css`
  h3,
  h4,
  p {
    margin: 0;
  }
  h3,
  h4 {
    font-size: 1em;
  }
`;

/** A download that reads as the panel's primary button (`a.button`): a ZIP of a delivery. Last in a panel's styles. */
export const linkButtonStyles = css`
  a.button {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 0 14px;
    border-radius: var(--_radius, 8px);
    background: var(--_accent, #2563eb);
    color: var(--_on-accent, #ffffff);
    font-weight: 600;
    text-decoration: none;
  }
`;
