export { create } from './create.js';
export type { StudioHandle, StudioListener } from './create.js';
export { StudioEditor } from './components/studio-editor/studio-editor.js';
export { resolveConfig } from './config/validate.js';
export type {
  ApiConfig,
  AuthConfig,
  DeliveryConfig,
  DeliveryPresetId,
  DestinationProfile,
  ExportFormat,
  HostDestinationProfile,
  I18nConfig,
  LayoutConfig,
  MasteringConfig,
  MusicConfig,
  PanelId,
  ProjectConfig,
  DecisionClaims,
  PublicJwk,
  PublicJwks,
  ResolvedConfig,
  ReviewConfig,
  ReviewUserConfig,
  StudioConfig,
  ThemeConfig,
  TokenResult,
  ToolsConfig,
  VocalConfig,
} from './config/types.js';
export { StudioError, StudioConfigError } from './errors.js';
export type { ConfigIssue } from './errors.js';
export { StudioReadyEvent } from './events/studio-ready.js';
export type { StudioReadyDetail } from './events/studio-ready.js';
export { StudioErrorEvent } from './events/studio-error.js';
export type { StudioErrorDetail } from './events/studio-error.js';
export type { StudioEventMap, StudioEventName } from './events/event-map.js';
export { endpointAuth, StudioAuthError, StudioRedirectError } from './auth/index.js';
export type { AuthErrorCode, EndpointAuth, EndpointAuthOptions } from './auth/index.js';
// From their modules, not ./api/index.js: that one names the poller too, whose chunk (the calls') the first paint leaves out.
export { ServiceClient } from './api/client.js';
export type { CallOptions } from './api/client.js';
export { StudioApiError, StudioJobTimeoutError } from './api/api-error.js';
export type { ApiErrorCode } from './api/api-error.js';
export type { JobProgress } from './api/poller.js';
export type { PendingJob } from './api/pending-jobs.js';
export type { StudioContractError } from './api/adapters.js';
export type { ContractIssue } from './api/result-schema.js';
export { StudioAuthErrorEvent } from './events/studio-auth-error.js';
export type { StudioAuthErrorDetail } from './events/studio-auth-error.js';
export { StudioJobProgressEvent } from './events/studio-job-progress.js';
export type { StudioJobProgressDetail } from './events/studio-job-progress.js';
export type {
  ProjectDocument,
  ProjectSection,
  VoiceClip,
  ClipSource,
  MusicBed,
  MixSettings,
  MasteringSettings,
  DeliverySettings,
  VoiceSettings,
  UsageEntry,
} from './model/document.js';
export { SCHEMA_VERSION } from './model/document.js';
export type { EditorAction, EditAction, ServiceAction, HistoryAction } from './model/actions.js';
export { readProject } from './model/read-project.js';
export { StudioProjectError } from './model/project-error.js';
export type { ProjectIssue } from './model/project-error.js';
export { StudioLockedError } from './model/lock-error.js';
export type { BrokenLock, EditorRole } from './model/lock-rules.js';
export type { LockTarget } from './model/lock-types.js';
export { StudioStorageError } from './model/persistence/storage-error.js';
export type { StorageErrorCode } from './model/persistence/storage-error.js';
export { exportProjectFile, importProjectFile } from './model/project-file.js';
export { StudioChangeEvent } from './events/studio-change.js';
export type { StudioChangeDetail, StudioChangeSource } from './events/studio-change.js';
export { StudioSaveEvent } from './events/studio-save.js';
export type { StudioSaveDetail } from './events/studio-save.js';
export { StudioExportEvent } from './events/studio-export.js';
export type { StudioExportDetail } from './events/studio-export.js';
export type { ExportOptions } from './audio/engine.js';
export { StudioDeliverEvent } from './events/studio-deliver.js';
export type { StudioDeliverDetail } from './events/studio-deliver.js';
export type { StudioReviewDetail, StudioReviewEvent } from './events/studio-review.js';
export type { ReviewAction } from './model/actions.js';
export type { ProjectReview, ReviewAnchor, ReviewComment, ReviewDecision, ReviewPerson } from './model/document.js';
export type { ReviewAnnotation, ReviewAnnotationCollection, ReviewExportOptions } from './model/review-export.js';
export type { DeliverOptions, DeliverProgress, DeliverResult, DeliverStage } from './session/deliver-run.js';
export type { DeliverFeedOptions, FeedDeliverResult, FeedProgress, FeedRowStage, FeedManifestPart, FeedRowOutcome, FeedRowPreview } from './session/feed-run.js';
export type { Reason, Said } from './rules/said.js';
export type { CampaignFields, DeliveryManifest, DeliveredFile, DeliveredFigures, DeliveryRuleResult, ManifestDecision, ManifestVersion } from './delivery/types.js';
export { StudioNotices } from './components/studio-notices/studio-notices.js';
export { DEFAULT_PATHS } from './api/contract.js';
export type {
  ApiOperation,
  AssetMetadata,
  FormatRequest,
  FormatResult,
  GenerateRequest,
  GenerateResult,
  JobOverride,
  JobStart,
  JobStatus,
  MixRequest,
  MixResult,
  MusicLibrary,
  OperationInputs,
  OperationMethod,
  OperationOverride,
  OperationOverrides,
  OperationResults,
  PriceList,
  Recommendation,
  RecommendProductRequest,
  RecommendResult,
  RecommendUrlRequest,
  VoiceLibrary,
  VoiceoverRequest,
  VoiceoverResult,
} from './api/contract.js';
export { VERSION as version } from './version.js';
