// `service-studio-editor/review`: a delivery checked after it left the editor, in Node or a browser (issue 54).
export { verifyDelivery, type DeliveryProblem, type DeliveryProblemCode, type DeliveryVerification, type VerifiedVersion, type VerifyDeliveryOptions } from './verify-delivery.js';
export { verifyDecisions, unverifiedText, type DecisionVerdict, type ReviewVerdicts, type UnverifiedReason } from './verify-decisions.js';
export { verifyJws, readJws, type PublicJwk, type PublicJwks, type ReadJws } from './jws.js';
export { DECISION_TYPE, chainPrev, decisionClaims, decisionLink, type DecisionClaims, type DecisionRecord } from '../model/decision-claims.js';
