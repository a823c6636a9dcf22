// The first screen's public data that the server puts into index.html (server/src/web-app.ts): the
// instance settings and the instance's brand, in `<script type="application/json" id="atrium-boot">`.
// Put into the RTK Query cache before the first render, the app themes itself at once instead of asking
// for /InstanceSettings, then /Brands/{key}, then the logo, one after the other. Without the block (the
// Vite dev server, a server still starting) the app fetches them as before.
import { DefaultBrandKey, type Brand, type InstanceSettings } from '@atrium/contract';
import { brandApi } from './brand.api';
import { instanceApi } from './instance.api';
import type { AppDispatch } from '../state/store';

export const BootDataElementId = 'atrium-boot';

export interface BootData {
  instanceSettings: InstanceSettings;
  brand: { brandKey: string; data: Brand } | null;
}

/** The block's data, or null when there is none or it cannot be read. */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BootDataElementId)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    if (!data || typeof data.instanceSettings !== 'object' || data.instanceSettings === null) return null;
    return { instanceSettings: data.instanceSettings, brand: data.brand?.brandKey && data.brand.data ? data.brand : null };
  } catch {
    return null;
  }
}

/** Puts the boot data into the cache, as if /InstanceSettings and /Brands/{key} had answered; true if there was any. */
export function seedBootData(dispatch: AppDispatch, boot: BootData | null = readBootData()): boolean {
  if (!boot) return false;
  dispatch(instanceApi.util.upsertQueryEntries([{ endpointName: 'getInstanceSettings', arg: undefined, value: boot.instanceSettings }]));
  const brandKey = boot.instanceSettings.defaults.defaultBrandKey || DefaultBrandKey;
  // only the brand the app will ask for (the settings name it)
  if (boot.brand && boot.brand.brandKey === brandKey) {
    dispatch(brandApi.util.upsertQueryEntries([{ endpointName: 'getBrand', arg: brandKey, value: boot.brand.data }]));
  }
  return true;
}
