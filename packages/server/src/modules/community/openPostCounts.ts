import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { circle, post, topic } from '../../db/tables/community.ts'

/**
 * Recounts the posts the app shows (published, shown, not recycled) of circles and topics, in the caller's
 * transaction: circle.post_count and topic.post_count. Any write that changes a post's state calls it.
 */
export async function recountPosts(
  tx: Db,
  circleIds: readonly (number | null)[],
  topicIds: readonly (number | null)[],
) {
  const live = sql`p.verify_state = 1 and p.show_state and p.recycled_at is null`
  const ids = (list: readonly (number | null)[]) => [...new Set(list.filter((id) => id !== null))]
  const circles = ids(circleIds)
  const topics = ids(topicIds)
  if (circles.length)
    await tx.execute(sql`update ${circle} c set post_count = (
      select count(*) from ${post} p where p.circle_id = c.id and ${live})
      where c.id = any(${sql.param(circles)}::int[])`)
  if (topics.length)
    await tx.execute(sql`update ${topic} t set post_count = (
      select count(*) from ${post} p where p.topic_id = t.id and ${live})
      where t.id = any(${sql.param(topics)}::int[])`)
}
