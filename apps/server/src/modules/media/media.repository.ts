import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';

export function createMediaRepository(db: Executor) {
  return {
    async gameArt(providerId: string): Promise<{ title: string; platform: string } | undefined> {
      const [row] = await db
        .select({ title: games.title, platform: games.platform })
        .from(games)
        .where(eq(games.providerId, providerId))
        .limit(1);
      return row;
    },
  };
}
