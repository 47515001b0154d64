import type { ExtensionQuery, ExtensionsRepository } from '../../data/repositories/extensions.js';
import { extensionEntry, performExtensionAction, type ExtensionAction, type ExtensionEntry } from './catalogue.js';

/** What ExtensionsService is built from (server/composition.ts builds each once). */
export interface ExtensionsServiceParts {
  extensions: ExtensionsRepository;
}

/** The extensions registered on this till, and the administrator's actions on them. */
export class ExtensionsService {
  private readonly extensions: ExtensionsRepository;

  constructor(parts: ExtensionsServiceParts) {
    this.extensions = parts.extensions;
  }

  list(query: ExtensionQuery): ExtensionEntry[] {
    return this.extensions.list(query).map(extensionEntry);
  }

  perform(action: ExtensionAction): ExtensionEntry {
    return performExtensionAction(this.extensions, action);
  }
}
