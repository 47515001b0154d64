import type { ExtensionQuery, ExtensionsRepository } from '../../data/repositories/extensions.js';
import { extensionEntry, performExtensionAction, type ExtensionAction, type ExtensionEntry } from './catalogue.js';

/** The extensions registered on this till, and the administrator's actions on them. */
export class ExtensionsService {
  constructor(private readonly extensions: ExtensionsRepository) {}

  list(query: ExtensionQuery): ExtensionEntry[] {
    return this.extensions.list(query).map(extensionEntry);
  }

  perform(action: ExtensionAction): ExtensionEntry {
    return performExtensionAction(this.extensions, action);
  }
}
