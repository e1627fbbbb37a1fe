// The reviewer's Script step: each section's words, read-only, and "Comment on these words" where the section is
// voiced (and the reviewer is named). A template only: the panel turns the words' selection into a comment.
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import type { ProjectDocument } from '../../model/document.js';
import { sectionRange } from '../../script/word-range.js';
import '../../i18n/later-words.js';

/** The sections' words to read; `comment` is told the section whose words field's selection is commented on. */
export function scriptReading(t: Translate, project: ProjectDocument, canComment: boolean, comment: (sectionId: string) => void): TemplateResult {
  return html`<h3>${t('script.heading')}</h3>
    <div class="script-read">
      ${project.script.sections.map((section) => {
        const voiced = sectionRange(project, section.id) !== undefined;
        return html`<section>
          <h4 id="read-${section.id}">${section.label}</h4>
          <textarea readonly rows="3" id="words-${section.id}" .value=${section.text} aria-labelledby="read-${section.id}"></textarea>
          ${canComment && voiced
            ? html`<button type="button" data-section=${section.id}
                @click=${() => comment(section.id)}>${t('script.commentWords')}</button>`
            : nothing}
        </section>`;
      })}
    </div>`;
}
