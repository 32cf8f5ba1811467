import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import './status-pages.css';

/** Full-page failure (SPEC §2): shown when the public config cannot load or any render crashes. */
export function ErrorPage() {
  return (
    <main className="status-page" data-testid="error-page">
      <Result
        status="500"
        title="Something Went Wrong"
        subTitle="We could not load the shop just now. Please reload the page, or try again later."
        extra={
          <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </main>
  );
}

export default ErrorPage;
