import { ShoppingCartOutlined } from '@ant-design/icons';
import { type AdminRecipe, formatTableDate, type RecipeAdminStatus } from '@shop/shared/admin';
import { Button, Card, Grid, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAdminRecipes } from '../../api/recipes';
import { PageHeader } from '../../components/PageHeader';
import { RecipeProductsDrawer } from './RecipeProductsDrawer';
import './recipes.css';

const STATUS: Record<RecipeAdminStatus, { label: string; color?: string }> = {
  published: { label: 'Published', color: 'green' },
  changed: { label: 'Published, draft pending', color: 'gold' },
  draft: { label: 'Draft' },
};

function StatusTag({ status }: { status: RecipeAdminStatus }) {
  return <Tag color={STATUS[status].color}>{STATUS[status].label}</Tag>;
}

/**
 * Recipes (issue 15 part 3): the recipes with their state and how many of the shop's products each uses; a
 * row's button opens the drawer that chooses them. Writing and publishing recipes stays in the /cms panel.
 */
export default function RecipesPage() {
  const { data, isLoading } = useAdminRecipes();
  const [editing, setEditing] = useState<AdminRecipe | null>(null);
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;

  const columns: TableProps<AdminRecipe>['columns'] = [
    {
      key: 'name',
      title: 'Recipe',
      render: (_, recipe) => (
        <div className="recipes-name">
          <Typography.Text strong>{recipe.name}</Typography.Text>
          {compact && <StatusTag status={recipe.status} />}
        </div>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 210,
      responsive: ['md'],
      render: (_, recipe) => <StatusTag status={recipe.status} />,
    },
    {
      key: 'products',
      title: 'Products',
      width: compact ? 90 : 110,
      align: 'right',
      render: (_, recipe) => <span data-testid="recipe-row-count">{recipe.products.length}</span>,
    },
    {
      key: 'updated_at',
      title: 'Modified',
      width: 170,
      responsive: ['lg'],
      render: (_, recipe) => formatTableDate(recipe.updated_at),
    },
    {
      key: 'edit',
      title: <span className="recipes-sr-only">Actions</span>,
      width: compact ? 60 : 170,
      align: 'right',
      render: (_, recipe) => (
        <Button
          icon={<ShoppingCartOutlined />}
          onClick={() => setEditing(recipe)}
          aria-label={`Choose products for ${recipe.name}`}
          data-testid="recipe-edit-products"
        >
          {compact ? null : 'Choose products'}
        </Button>
      ),
    },
  ];

  return (
    <div className="recipes-page">
      <PageHeader title="Recipes" />
      <Card className="recipes-card">
        <Table<AdminRecipe>
          rowKey="id"
          data-testid="recipes-table"
          columns={columns}
          dataSource={data ?? []}
          loading={isLoading && !data}
          size={compact ? 'small' : 'middle'}
          locale={{ emptyText: 'No recipes yet: write one in the content panel (/cms)' }}
          pagination={false}
          onRow={(recipe) => ({ 'data-testid': `recipe-row-${recipe.id}` }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
      <RecipeProductsDrawer recipe={editing} width={compact ? '100%' : 560} onClose={() => setEditing(null)} />
    </div>
  );
}
