import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core'
import { record, recordIndexes, scoped, showable, sortable, textField } from '../traits.ts'

/** Record-store tables of the content area (definitions in @moc/domain/resources/content, decision 0037). */

/**
 * 标签 (resources/content/tags.ts): content tags (`type` 0) and user tags (1), a definition each (`storage.fixed`);
 * a name is unique within its type. Content stores tag ids (content.tags): a deleted tag stops resolving to a name.
 */
export const tag = pgTable(
  'tag',
  {
    ...record(),
    ...scoped(),
    type: integer('type').notNull().default(0),
    name: textField('name'),
  },
  (t) => [
    ...recordIndexes('tag', t),
    uniqueIndex('tag_type_name').on(t.type, t.name),
    index('tag_type_time').on(t.type, t.createdAt.desc(), t.id.desc()),
  ],
)

/** 弹幕模板 (resources/content/bulletTemplate.ts): preset danmaku phrases, in sort order, 启用 or not. */
export const bulletTemplate = pgTable(
  'bullet_template',
  { ...record(), ...scoped(), ...showable(), ...sortable(), content: textField('content') },
  (t) => recordIndexes('bullet_template', t),
)
