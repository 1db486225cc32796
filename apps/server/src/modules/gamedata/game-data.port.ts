/**
 * The game database port: descriptive data of a game (never prices or keys). `none` fetches nothing;
 * `rawg` reads the RAWG API.
 */

/** A game's descriptive data, normalised; HTML fields are not sanitised yet. */
export interface GameData {
  source: 'rawg';
  /** The game database's own id. */
  sourceRef: string;
  name: string;
  descriptionHtml: string | null;
  released: string | null;
  backgroundImage: string | null;
  backgroundImageAdditional: string | null;
  website: string | null;
  rating: number;
  ratingsCount: number;
  ratings: { title: string; count: number; percent: number }[];
  genres: string[];
  tags: string[];
  developers: string[];
  publishers: string[];
  platforms: string[];
  stores: string[];
  /** Minimum requirements of the PC version (HTML), when known. */
  minimumRequirementsHtml: string | null;
  screenshots: string[];
  trailers: { url: string; title: string }[];
}

export interface GameDataSource {
  kind: 'none' | 'rawg';
  /** Looks a game up by slug (then by its title); null when the database does not know it. */
  fetchGame(lookup: { slug: string; title: string }): Promise<GameData | null>;
}

export class GameDataError extends Error {
  readonly kind: 'unavailable' | 'unauthorised' | 'malformed';

  constructor(kind: 'unavailable' | 'unauthorised' | 'malformed', message: string) {
    super(message);
    this.name = 'GameDataError';
    this.kind = kind;
  }
}
