export type ExtensionStatus = 'inactive' | 'active';

/** A row of `extensions`; `manifest` is the registered manifest as JSON text. */
export interface ExtensionRecord {
  slug: string;
  manifest: string;
  status: ExtensionStatus;
  installed_version: string;
  auto_update: boolean;
  date_modified_gmt: string;
}
