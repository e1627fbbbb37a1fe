import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
  }

  form {
    display: grid;
    gap: var(--_space, 12px);
  }

  .field {
    display: grid;
    gap: 4px;
  }

  .field p {
    margin: 0;
  }

  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space, 12px) calc(var(--_space, 12px) * 2);
    align-items: flex-start;
  }

  .choices,
  .segmented {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: center;
  }

  .segmented legend {
    margin-bottom: 4px;
  }

  .choice {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: normal;
    min-height: 36px;
  }

  .choice input {
    min-height: auto;
    accent-color: var(--_accent, #2563eb);
  }

  input.seconds {
    width: 6em;
  }

  button[type='submit'] {
    justify-self: start;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
  }
  .cost {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
`;
