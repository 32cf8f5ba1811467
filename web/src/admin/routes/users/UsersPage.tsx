import { UserAddOutlined } from '@ant-design/icons';
import { type AdminUser, formatTableDate } from '@shop/shared/admin';
import { Button, Card, Grid, Table, type TableProps, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUsers } from '../../api/users';
import { PageHeader } from '../../components/PageHeader';
import { fullName, roleLabel, USERS_PAGE_SIZE, usersPageFromSearchParams, usersPageToSearchParams } from './users-list';
import './users.css';

/** "01/31/2024" and the time as two parts, so a phone can stack them and keep the column narrow. */
function StackedDate({ text }: { text: string }) {
  const space = text.indexOf(' ');
  if (space < 0) return <span className="users-date">{text}</span>;
  return (
    <span className="users-date">
      <span>{text.slice(0, space)}</span> <span>{text.slice(space + 1)}</span>
    </span>
  );
}

/** Inactive wins: a deactivated invitee cannot sign in, whatever its link says. */
function ActiveTag({ user }: { user: AdminUser }) {
  if (!user.active) return <Tag data-testid={`user-status-${user.email}`}>Inactive</Tag>;
  if (user.invited) {
    return (
      <Tag color="orange" data-testid={`user-status-${user.email}`}>
        Invited
      </Tag>
    );
  }
  return (
    <Tag color="green" data-testid={`user-status-${user.email}`}>
      Active
    </Tag>
  );
}

function RoleTag({ user }: { user: AdminUser }) {
  return (
    <Tag color={user.role === 'admin' ? 'blue' : 'gold'} data-testid={`user-role-${user.email}`}>
      {roleLabel(user)}
    </Tag>
  );
}

/** Users list (SPEC §2 Users): the shop's accounts and their roles; a row opens the account's form. */
export default function UsersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = usersPageFromSearchParams(searchParams);
  const { data, isLoading } = useUsers();
  // On a phone the status moves under the name, so last access and modified still fit.
  const compact = !Grid.useBreakpoint().md;

  const columns: TableProps<AdminUser>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      render: (_, user) => (
        <div className="users-name">
          <Typography.Text strong>{fullName(user)}</Typography.Text>
          <Typography.Text type="secondary" className="users-email">
            {user.email}
          </Typography.Text>
          {compact ? (
            <span className="users-name-status">
              <RoleTag user={user} />
              <ActiveTag user={user} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'role',
      title: 'Role',
      width: 100,
      responsive: ['md'],
      render: (_, user) => <RoleTag user={user} />,
    },
    {
      key: 'active',
      title: 'Status',
      width: 110,
      responsive: ['md'],
      render: (_, user) => <ActiveTag user={user} />,
    },
    {
      key: 'last_access',
      title: 'Last access',
      width: compact ? undefined : 190,
      render: (_, user) =>
        user.last_access ? (
          <StackedDate text={formatTableDate(user.last_access)} />
        ) : (
          <Typography.Text type="secondary">Never</Typography.Text>
        ),
    },
    {
      key: 'updated_at',
      title: 'Modified',
      width: compact ? undefined : 170,
      render: (_, user) => <StackedDate text={formatTableDate(user.updated_at)} />,
    },
  ];

  const users = data?.items ?? [];

  return (
    <div className="users-page">
      <PageHeader
        title="Users"
        extra={
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => navigate('/admin/users/add')}
            data-testid="users-add"
          >
            Add user
          </Button>
        }
      />
      <Card className="users-card">
        <Table<AdminUser>
          rowKey="id"
          data-testid="users-table"
          className="users-table"
          columns={columns}
          dataSource={users}
          loading={isLoading && !data}
          size={compact ? 'small' : 'middle'}
          locale={{ emptyText: 'No users' }}
          // The whole team comes in one reply; the table pages through it here, 10 a page.
          pagination={{
            current: Math.min(page, Math.max(1, Math.ceil(users.length / USERS_PAGE_SIZE))),
            pageSize: USERS_PAGE_SIZE,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (next) => setSearchParams(usersPageToSearchParams(next)),
          }}
          onRow={(user) => {
            const open = () => navigate(`/admin/users/edit/${encodeURIComponent(user.id)}`);
            return {
              onClick: open,
              // Rows are the only way into an account, so the keyboard can open them too.
              onKeyDown: (event) => {
                if (event.key === 'Enter') open();
              },
              tabIndex: 0,
              className: 'users-row',
              'data-testid': `user-row-${user.email}`,
            } as HTMLAttributes<HTMLElement>;
          }}
        />
      </Card>
    </div>
  );
}
