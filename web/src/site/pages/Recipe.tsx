import { formatPlainDate, recipeHead } from '@shop/shared';
import { Navigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api';
import { useRecipe } from '../api/recipes';
import { AssetImage } from '../components/AssetImage';
import { RecipeProducts } from '../components/RecipeProducts';
import { RichTextBody } from '../components/RichText';
import { usePageHead, useSiteUrls } from '../lib/use-document-meta';
import { Breadcrumb } from '../ui/Breadcrumb';
import { EmptyState } from '../ui/EmptyState';
import { ClockCircleIcon } from '../ui/icons';
import './recipe.css';

/**
 * /site/recipes/{id}: one recipe, its picture, teaser and ingredients, the shop's products it uses (with
 * "Add all to cart") and the method as the editor wrote it (rich text). Its own chunk: the Lexical converter is only downloaded by shoppers who open a recipe.
 */
export default function Recipe() {
  const { id } = useParams<{ id: string }>();
  const { data: recipe, error, isLoading } = useRecipe(id);
  const urls = useSiteUrls();
  usePageHead(recipe ? recipeHead(recipe, urls) : null);

  // As for products (SPEC §8): a missing, unpublished or malformed recipe goes to /site/404.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <Navigate to="/site/404" replace />;
  if (isLoading || (!recipe && !error)) return <PageLoader />;
  if (!recipe) {
    return (
      <div className="page">
        <EmptyState description="This recipe could not be loaded. Please try again in a moment." />
      </div>
    );
  }

  return (
    <article className="page recipe-page" data-testid="recipe-page">
      <Breadcrumb
        className="crumbs"
        items={[{ label: 'Home', to: '/site' }, { label: 'Recipes', to: '/site/recipes' }, { label: recipe.name }]}
      />
      <header className="recipe-page-head">
        <span className="eyebrow">
          <ClockCircleIcon /> <time dateTime={recipe.created_at}>{formatPlainDate(recipe.created_at)}</time>
        </span>
        <h1 className="recipe-page-name" data-testid="recipe-name">
          {recipe.name}
        </h1>
        {recipe.description && <p className="recipe-page-lead">{recipe.description}</p>}
      </header>

      <div className="recipe-page-layout">
        <aside className="recipe-page-side">
          <div className="recipe-page-media">
            <AssetImage id={recipe.img?.id} alt={recipe.name} size="preview" className="recipe-page-img" eager />
          </div>
          {recipe.ingredients.length > 0 && (
            <section className="recipe-page-ingredients" aria-labelledby="recipe-ingredients-title">
              <h2 id="recipe-ingredients-title">Ingredients</h2>
              <ul className="recipe-page-ingredient-list" data-testid="recipe-ingredients">
                {recipe.ingredients.map((ingredient, i) => (
                  <li key={i}>{ingredient}</li>
                ))}
              </ul>
            </section>
          )}
          <RecipeProducts recipeName={recipe.name} products={recipe.products ?? []} />
        </aside>
        <div className="recipe-page-body" data-testid="recipe-body">
          <RichTextBody value={recipe.body} imageAlt={recipe.name} />
        </div>
      </div>
    </article>
  );
}
