// The public pages' surface for src/app, which is in the landing page's budgeted chunk: the Privacy,
// Terms and Security pages are code-split seams the app loads lazily by module path (AppRoutes), so
// they are not re-exported here (a static re-export would pull them into the landing chunk).
export { LandingPage } from './LandingPage';
export { Logo } from './Logo';
export type { LandingPageProps } from './LandingPage';
export { PublicFooter } from './PublicFooter';
export { PublicHeader } from './PublicHeader';
export type { PublicHeaderProps } from './PublicHeader';
export { PublicLayout } from './PublicLayout';
export type { PublicLayoutProps } from './PublicLayout';
