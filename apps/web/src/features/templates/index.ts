export { TemplateGallery } from './components/template-gallery';
export { TemplateSettingsSection, type TemplateSettingsSectionProps } from './components/template-settings-section';
