export interface RoleRecord {
  name: string;
  label: string;
  capabilities: string[];
}
