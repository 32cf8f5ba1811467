import { formatPlainDate, STATIC_PAGE_META, type Recipe } from '@shop/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ButtonLink';
import { recipePath, useRecipes } from '../api/recipes';
import { AssetImage } from '../components/AssetImage';
import { RECIPE_ART_HEIGHT, RECIPE_ART_WIDTH } from '../components/RecipeTeaser';
import { useDocumentMeta } from '../lib/use-document-meta';
import { EmptyState } from '../ui/EmptyState';
import { ClockCircleIcon } from '../ui/icons';
import { Skeleton } from '../ui/Skeleton';
import './recipes.css';

function RecipeCard({ recipe }: { recipe: Recipe }) {
  const path = recipePath(recipe.id);
  return (
    <article className="recipe-card" id={`recipe-${recipe.id}`} data-testid="recipe-card">
      <Link to={path} className="recipe-card-media" tabIndex={-1} aria-hidden>
        <AssetImage
          id={recipe.img?.id}
          alt={recipe.name}
          size="preview"
          width={RECIPE_ART_WIDTH}
          height={RECIPE_ART_HEIGHT}
          className="recipe-card-img"
        />
      </Link>
      <div className="recipe-card-body">
        <span className="eyebrow">
          <ClockCircleIcon /> {formatPlainDate(recipe.created_at)}
        </span>
        <h2 className="recipe-card-name">
          <Link to={path} data-testid="recipe-card-link">
            {recipe.name}
          </Link>
        </h2>
        <p className="recipe-card-description">{recipe.description}</p>
        {recipe.ingredients.length > 0 && (
          <section>
            <h3 className="recipe-card-subtitle">Ingredients</h3>
            <ul className="recipe-ingredients">
              {recipe.ingredients.map((ingredient, i) => (
                <li key={i}>{ingredient}</li>
              ))}
            </ul>
          </section>
        )}
        <ButtonLink to={path} variant="primary" className="recipe-card-more">
          Read the recipe
        </ButtonLink>
      </div>
    </article>
  );
}

export default function Recipes() {
  const { data: recipes, isLoading } = useRecipes();
  const { hash } = useLocation();
  useDocumentMeta(STATIC_PAGE_META.recipes, { path: '/site/recipes' });

  // Links from before recipes had their own page point at #recipe-{id}; the list arrives after the first
  // paint, so scroll once it is there.
  useEffect(() => {
    if (!hash || !recipes) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, recipes]);

  return (
    <div className="page recipes">
      <span className="eyebrow">From nonna's notebook</span>
      <h1 className="page-title">Recipes</h1>
      <p className="page-lead">
        Simple dishes we cook at home with the oil, vinegar and pasta from our pantry. Nothing fancy: good ingredients,
        a little patience, and people around the table.
      </p>
      {isLoading ? (
        <Skeleton rows={8} />
      ) : !recipes || recipes.length === 0 ? (
        <EmptyState description="No recipes yet. Nonna is still writing them down!" />
      ) : (
        <div className="recipe-list">
          {recipes.map((recipe) => (
            <RecipeCard key={recipe.id} recipe={recipe} />
          ))}
        </div>
      )}
    </div>
  );
}
