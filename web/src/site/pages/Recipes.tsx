import { ClockCircleOutlined } from '@ant-design/icons';
import { formatPlainDate, type Recipe } from '@shop/shared';
import { Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRecipes } from '../api/recipes';
import { AssetImage } from '../components/AssetImage';
import './recipes.css';

function RecipeCard({ recipe }: { recipe: Recipe }) {
  return (
    <article className="recipe-card" id={`recipe-${recipe.id}`} data-testid="recipe-card">
      <div className="recipe-card-media">
        <AssetImage id={recipe.img?.id} alt={recipe.name} size="full" className="recipe-card-img" />
      </div>
      <div className="recipe-card-body">
        <span className="eyebrow">
          <ClockCircleOutlined /> {formatPlainDate(recipe.created_at)}
        </span>
        <h2 className="recipe-card-name">{recipe.name}</h2>
        <p className="recipe-card-description">{recipe.description}</p>
        <div className="recipe-card-columns">
          <section>
            <h3>Ingredients</h3>
            <ul className="recipe-ingredients">
              {recipe.ingredients.map((ingredient, i) => (
                <li key={i}>{ingredient}</li>
              ))}
            </ul>
          </section>
          <section>
            <h3>Directions</h3>
            <ol className="recipe-directions">
              {recipe.directions.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </article>
  );
}

export default function Recipes() {
  const { data: recipes, isLoading } = useRecipes();
  const { hash } = useLocation();

  // Home's teasers link to #recipe-{id}; the list arrives after the first paint, so scroll once it is there.
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
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !recipes || recipes.length === 0 ? (
        <Empty description="No recipes yet. Nonna is still writing them down!" />
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
