import type { EditorMapInput } from '@moc/domain/api/editor'
import { escapeHtml } from '@moc/domain/rules/htmlText'

/** The static-map address for a place: the configured template with its {lng} and {lat} filled in. */
export const staticMapUrl = (template: string, lng: number, lat: number) =>
  template.replaceAll('{lng}', String(lng)).replaceAll('{lat}', String(lat))

/**
 * The location card the editor inserts (issue 6 map): name, address and, when there is one, the map image (ours,
 * already re-hosted), in tags the rich-text allow-list keeps. `map-card` lets published pages style it.
 */
export function mapCardHtml(place: Pick<EditorMapInput, 'name' | 'address'>, image: string | null): string {
  const name = escapeHtml(place.name)
  const parts = [
    `<p><strong>📍 ${name}</strong></p>`,
    `<p>${escapeHtml(place.address)}</p>`,
    image ? `<p><img src="${escapeHtml(image)}" alt="${name}" width="500"></p>` : '',
  ]
  return `<div class="map-card">${parts.join('')}</div>`
}
