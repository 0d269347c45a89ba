import { collection } from '@moc/domain/resources/collection'
import { relatedResourceName } from '@moc/domain/resources/relation'
import { describe, expect, it } from 'vitest'
import { appendIds, moveItem } from '../src/engine/RelationInput.tsx'

describe('relation field', () => {
  it('moves an item up or down and leaves the ends alone', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2])
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3])
  })

  it('appends picked ids in order, each once', () => {
    expect(appendIds([3, 1], [5, 1, 4, 5])).toEqual([3, 1, 5, 4])
  })

  it('chooses a collection’s member resource by its type', () => {
    const items = collection.fields.items
    expect(relatedResourceName(items, { collectionType: 'video' })).toBe('video')
    expect(relatedResourceName(items, { collectionType: 'audio' })).toBeUndefined()
    expect(relatedResourceName(collection.fields.title, {})).toBeUndefined()
  })
})
