// The Review step's verdicts on the decisions, where the host gives review.publicKeys (issue 54): checked with
// WebCrypto when the decisions or the keys change, the late results of an older check dropped. The check's code is
// fetched only then: without keys, this panel loads none of it.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PublicJwks } from '../../config/types.js';
import type { ProjectDocument } from '../../model/document.js';
import type { DecisionVerdict } from '../../review/verify-decisions.js';

export class DecisionTrustController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #checked: { decisions: ProjectDocument['review']['decisions']; project: string; jwks: PublicJwks } | undefined;
  #run = 0;
  /** Each decision's verdict, by id; undefined without keys, or while the first check runs. */
  verdicts: ReadonlyMap<string, DecisionVerdict> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // A check that ends after the panel left shows nothing.
    this.#run++;
    this.#checked = undefined;
  }

  /** Checks `project`'s decisions against `jwks` when they (or the keys) changed; the host updates when the verdicts arrive. */
  check(project: ProjectDocument, jwks: PublicJwks | undefined): void {
    if (jwks === undefined) {
      this.#checked = undefined;
      this.verdicts = undefined;
      return;
    }
    const { decisions } = project.review;
    const was = this.#checked;
    if (was !== undefined && was.decisions === decisions && was.project === project.project_id && was.jwks === jwks) return;
    this.#checked = { decisions, project: project.project_id, jwks };
    const run = ++this.#run;
    import('../../review/trust.js')
      .then(({ decisionTrust }) => decisionTrust(project, jwks))
      .then(
        (trust) => {
          if (run !== this.#run) return;
          this.verdicts = trust.verdicts;
          this.#host.requestUpdate();
        },
        () => undefined,
      );
  }
}
