import { formatPlainDate, type Recipe } from '@shop/shared';
import { Link } from 'react-router-dom';
import { recipePath } from '../api/recipes';
import { AssetImage } from './AssetImage';
import './components.css';

/** The fixed category label of Home's news block (SPEC §2). */
export const RECIPE_LABEL = 'Recipes';

export function RecipeTeaser({ recipe }: { recipe: Recipe }) {
  return (
    <Link to={recipePath(recipe.id)} className="recipe-teaser" data-testid="recipe-teaser">
      <div className="recipe-teaser-media">
        <AssetImage id={recipe.img?.id} alt={recipe.name} size="card" className="recipe-teaser-img" />
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
