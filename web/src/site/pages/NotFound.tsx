import { HomeOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ButtonLink';
import { homeFor } from '../../lib/areas';
import '../../components/status-pages.css';

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <div className="status-page" data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle="Sorry, we could not find that page. It may have moved, or it never existed."
        extra={
          <ButtonLink to={homeFor(pathname)} type="primary" size="large" icon={<HomeOutlined />} data-testid="go-home">
            Go Home
          </ButtonLink>
        }
      />
    </div>
  );
}
