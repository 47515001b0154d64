import { z } from 'zod';
import type { ExtensionsRepository } from '../../data/repositories/extensions.js';
import type { ExtensionRecord } from '../../model/records/extensions.js';
import { badRequest, notFound } from '../errors.js';

const slug = z
  .string({ error: (issue) => (issue.input === undefined ? 'slug is required' : 'slug must be a string') })
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'slug is lower-case letters and digits joined by - or _')
  .max(100);

const webAddress = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) address' })]).default('');

/** What an extension says about itself when it is registered on the till. */
export const manifestSchema = z.object(
  {
    name: z.string().trim().min(1, 'name is required').max(200),
    version: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/, 'must be a version such as 1.2.0')
      .max(64),
    description: z.string().max(2000).default(''),
    author: z.string().max(200).default(''),
    category: z.string().trim().max(64).default(''),
    tags: z.array(z.string().trim().min(1).max(64)).max(32).default([]),
    /** The lowest Tillbase version the extension runs on. */
    requires_pos: z.string().trim().max(64).default(''),
    homepage: webAddress,
    settings_url: z.string().trim().max(2048).default(''),
  },
  { error: 'manifest must be an object with at least name and version' },
);
export type Manifest = z.output<typeof manifestSchema>;

/** `POST /extensions/action`. There is no marketplace to download from: install registers a manifest. */
export const extensionActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('install'), slug, manifest: manifestSchema, auto_update: z.boolean().default(false) }),
    z.object({ action: z.literal('activate'), slug }),
    z.object({ action: z.literal('deactivate'), slug }),
    z.object({ action: z.literal('uninstall'), slug }),
    z.object({ action: z.literal('update_settings'), slug, auto_update: z.boolean({ error: 'auto_update must be true or false' }) }),
  ],
  { error: 'action must be one of install, activate, deactivate, uninstall, update_settings' },
);
export type ExtensionAction = z.output<typeof extensionActionSchema>;

export const EXTENSION_STATUSES = ['inactive', 'active'] as const;

/** An extension as `GET /extensions` lists it (wcpos-reference "Extensions"), with its local status. */
export function extensionEntry(record: ExtensionRecord) {
  const manifest = manifestSchema.parse(JSON.parse(record.manifest));
  return entryOf(record.slug, manifest, { status: record.status, installed_version: record.installed_version, auto_update: record.auto_update });
}

function entryOf(
  slugValue: string,
  manifest: Manifest,
  local: { status: 'not_installed' | 'inactive' | 'active'; installed_version: string | null; auto_update: boolean },
) {
  return {
    slug: slugValue,
    name: manifest.name,
    description: manifest.description,
    version: manifest.version,
    author: manifest.author,
    category: manifest.category,
    tags: manifest.tags,
    // The reference plugin's WordPress and WooCommerce requirements do not apply to a till.
    requires_wp: '',
    requires_wc: '',
    requires_pos: manifest.requires_pos,
    requires_pro: false,
    icon: '',
    homepage: manifest.homepage,
    // Offline: nothing is downloaded, so there is no download address and no newer version known.
    download_url: '',
    latest_version: manifest.version,
    released_at: null,
    status: local.status,
    installed_version: local.installed_version,
    plugin_file: '',
    auto_update: local.auto_update,
    has_update: false,
    settings_url: manifest.settings_url,
  };
}
export type ExtensionEntry = ReturnType<typeof extensionEntry>;

/** Runs one action and returns the extension as it is afterwards (`not_installed` after an uninstall). */
export function performExtensionAction(extensions: ExtensionsRepository, action: ExtensionAction): ExtensionEntry {
  if (action.action === 'install') {
    if (!extensions.insert(action.slug, action.manifest, action.manifest.version, action.auto_update)) {
      throw badRequest('pos_rest_extension_exists', `An extension with the slug ${action.slug} is already installed.`, { slug: action.slug });
    }
    return current(extensions, action.slug);
  }
  const record = extensions.find(action.slug);
  if (!record) throw notFound('extension');
  switch (action.action) {
    case 'activate':
    case 'deactivate':
      extensions.setStatus(action.slug, action.action === 'activate' ? 'active' : 'inactive');
      return current(extensions, action.slug);
    case 'update_settings':
      extensions.setAutoUpdate(action.slug, action.auto_update);
      return current(extensions, action.slug);
    case 'uninstall': {
      extensions.remove(action.slug);
      const manifest = manifestSchema.parse(JSON.parse(record.manifest));
      return entryOf(record.slug, manifest, { status: 'not_installed', installed_version: null, auto_update: false });
    }
  }
}

function current(extensions: ExtensionsRepository, slugValue: string): ExtensionEntry {
  const record = extensions.find(slugValue);
  if (!record) throw notFound('extension');
  return extensionEntry(record);
}
