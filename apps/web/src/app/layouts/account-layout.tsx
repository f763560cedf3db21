import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import classes from './account-layout.module.css';

/** Account screens: a centred card over a soft forest background. */
export function AccountLayout() {
  return (
    <div className={classes.backdrop}>
      <div className={classes.inner}>
        <Suspense fallback={<PageLoader minHeight={420} />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
