/** @tessera/ui: the builder's design-system primitives. No feature or API knowledge lives here. */
export { cn } from './cn';
export { Button, buttonClasses, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Input, PasswordInput, Textarea, type InputProps, type PasswordInputProps, type TextareaProps } from './input';
export { Field, type FieldProps } from './field';
export { Card, CardHeader, CardContent, CardFooter, type CardHeaderProps, type CardFooterProps } from './card';
export { Dialog, DialogTrigger, DialogClose, DialogContent, type DialogContentProps } from './dialog';
export { Toaster, toast } from './toaster';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Spinner, type SpinnerProps } from './spinner';
export { Logo, type LogoProps } from './logo';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Alert, type AlertProps, type AlertTone } from './alert';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './tabs';
export { Menu, MenuTrigger, MenuContent, MenuItem, MenuLabel, MenuSeparator } from './menu';
export { Avatar, type AvatarProps } from './avatar';
export { Divider, Skeleton } from './divider';
export { AuthLayout, type AuthLayoutProps } from './auth-layout';
