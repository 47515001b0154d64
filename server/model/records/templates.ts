/** A row of `templates`: a receipt or report template saved on this till. */
export interface TemplateRecord {
  id: number;
  uuid: string;
  title: string;
  description: string;
  content: string;
  type: 'receipt' | 'report';
  category: string;
  language: string;
  engine: string;
  output_type: string;
  paper_width: string | null;
  tax_display: string;
  gallery_key: string | null;
  status: string;
  source: string;
  menu_order: number;
  date_created_gmt: string;
  date_modified_gmt: string;
}
