/**
 * `service-studio-editor/auth`: what a host page needs to wire the editor's auth without loading the editor
 * (no element, no Lit): `endpointAuth` for host endpoints that answer `{ token }`, and the token types its
 * callbacks and your own take.
 */
export { endpointAuth } from './endpoint-auth.js';
export type { EndpointAuth, EndpointAuthOptions } from './endpoint-auth.js';
export type { AuthConfig, TokenResult } from './types.js';
