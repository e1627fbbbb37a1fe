// Type-checked against the built package (`service-studio-editor/jsx` and `/react`) by test/node/types.test.ts:
// the JSX a React 19 host writes must compile, and the mistakes below must not.
import type {} from 'service-studio-editor/jsx';
import { StudioEditor } from 'service-studio-editor/react';
import { endpointAuth, type AuthConfig } from 'service-studio-editor/auth';

/** Stands for whatever the host does with a value. */
const use = (...values: unknown[]): unknown => values;

const auth: AuthConfig = { userId: 'user-42', ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) };

export const native = (
  <studio-editor
    config={{ auth, layout: { height: '640px' } }}
    theme="dark"
    onstudio-ready={(event) => use(event.detail.version)}
    onstudio-change={(event) => use(event.detail.dirty, event.detail.canUndo)}
    onstudio-export={(event) => use(event.detail.fileName, event.detail.blob.size)}
  />
);

export const wrapped = (
  <StudioEditor
    config={{ auth }}
    onStudioReady={(event) => use(event.detail.version)}
    onStudioError={(event) => use(event.detail.code, event.detail.recoverable)}
    onStudioReview={(event) => use(event.detail.type === 'decision' ? event.detail.decision.contentHash : event.detail.type)}
  />
);

// @ts-expect-error: the config is checked (no such key)
export const wrongKey = <studio-editor config={{ auth, layot: {} }} />;
// @ts-expect-error: theme takes light, dark or system
export const wrongTheme = <studio-editor theme="blue" />;
// @ts-expect-error: an event's detail is typed
export const wrongDetail = <studio-editor onstudio-ready={(event) => event.detail.nope} />;
// @ts-expect-error: the wrapper's event props are typed too
export const wrongWrapped = <StudioEditor onStudioChange={(event) => event.detail.nope} />;
