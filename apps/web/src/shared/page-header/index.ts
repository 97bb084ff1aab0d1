export { AppPageBar, PageTitle, type AppPageBarProps, type PageTitleProps } from './app-page-header';
