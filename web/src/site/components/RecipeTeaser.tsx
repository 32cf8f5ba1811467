import { formatPlainDate, type Recipe } from '@shop/shared';
import { Link } from 'react-router-dom';
import { recipePath } from '../api/recipes';
import { AssetImage } from './AssetImage';
import './components.css';

/** Recipe pictures are drawn 1200×800 (3:2) with the dish's name along the bottom edge. */
export const RECIPE_ART_WIDTH = 1200;
export const RECIPE_ART_HEIGHT = 800;

/** The fixed category label of Home's news block (SPEC §2). */
export const RECIPE_LABEL = 'Recipes';

export function RecipeTeaser({ recipe }: { recipe: Recipe }) {
  return (
    <Link to={recipePath(recipe.id)} className="recipe-teaser" data-testid="recipe-teaser">
      <div className="recipe-teaser-media">
        {/* Whole, at the art's 3:2: the server's square "card" crop cuts the recipe's name printed along the bottom. */}
        <AssetImage
          id={recipe.img?.id}
          alt={recipe.name}
          size="preview"
          width={RECIPE_ART_WIDTH}
          height={RECIPE_ART_HEIGHT}
          className="recipe-teaser-img"
        />
        <span className="badge recipe-teaser-label">{RECIPE_LABEL}</span>
      </div>
      <div className="recipe-teaser-body">
        <time dateTime={recipe.created_at} className="recipe-teaser-date">
          {formatPlainDate(recipe.created_at)}
        </time>
        <h3 className="recipe-teaser-name">{recipe.name}</h3>
        <p className="recipe-teaser-text">{recipe.description}</p>
        <span className="recipe-teaser-more">Read the recipe →</span>
      </div>
    </Link>
  );
}
