/**
 * Receipt and report templates as `GET /templates` lists them (wcpos-reference "Templates"): the
 * return types of the server's databaseItem and galleryItem (server/domain/templates/catalogue.ts).
 */

/** The fields a saved template and a bundled one describe the same way; `content` only in the edit context. */
export interface TemplateDescription {
  title: string;
  description: string;
  content?: string;
  type: 'receipt' | 'report';
  category: string;
  language: string;
  file_path: null;
  engine: string;
  output_type: string;
  paper_width: string | null;
  tax_display: string;
}

/** A template saved on this till (`is_premade` when it was copied from the gallery). */
export interface SavedTemplateItem extends TemplateDescription {
  id: number;
  uuid: string;
  is_virtual: false;
  is_premade: boolean;
  gallery_key: string | null;
  preview_data: null;
  gallery_version: null;
  status: string;
  source: string;
  menu_order: number;
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
  offline_capable: boolean;
  is_active: boolean;
}

/** A bundled gallery template: its id is its gallery key, and it has no dates of its own. */
export interface GalleryTemplateItem extends TemplateDescription {
  id: string;
  uuid: string;
  is_virtual: true;
  is_premade: true;
  gallery_key: string;
  preview_data: null;
  gallery_version: number;
  status: string;
  source: string;
  menu_order: number;
  date_created: null;
  date_created_gmt: null;
  date_modified: null;
  date_modified_gmt: null;
  offline_capable: true;
  is_disabled: false;
  is_active: boolean;
}

export type TemplateItem = SavedTemplateItem | GalleryTemplateItem;
