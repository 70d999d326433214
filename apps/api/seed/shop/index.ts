/**
 * The shop's demo catalogue as the shop module's seed takes it: the categories and products of
 * catalogue-data.ts with the pictures of artwork.ts.
 */
import type { DemoCatalogue } from '../../src/modules/shop/index.ts';
import { ART_NAMES, type ArtName, artworkKey, artworkUrl, renderArtwork } from './artwork.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS } from './catalogue-data.ts';

/** The demo catalogue every fresh install starts with. */
export const DEMO_CATALOGUE: DemoCatalogue<ArtName> = {
  categories: CATEGORY_SEEDS,
  products: PRODUCT_SEEDS,
  pictures: { names: ART_NAMES, key: artworkKey, url: artworkUrl, render: renderArtwork },
};
