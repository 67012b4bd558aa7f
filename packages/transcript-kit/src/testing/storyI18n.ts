import { i18n } from '@lingui/core';
import { transcriptKitMessages } from '../i18n.ts';

/**
 * Stories only: merges the kit's catalogs into the shared Lingui instance that .storybook/preview.tsx
 * sets up with ui's catalogs (load() merges per locale), so the German stories show the kit's German.
 */
i18n.load(transcriptKitMessages);
export {};
