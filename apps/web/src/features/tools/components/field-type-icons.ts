import {
  AlignLeft,
  Camera,
  CircleDot,
  ListChecks,
  Mail,
  MapPin,
  PackageSearch,
  Ruler,
  Type,
  Weight,
  type LucideIcon,
} from 'lucide-react';
import type { CustomFieldType } from '@tessera/contracts/tools';

/** The icon of each custom field type in the builder's lists. */
export const FIELD_TYPE_ICONS: Record<CustomFieldType, LucideIcon> = {
  text: Type,
  long_text: AlignLeft,
  select: CircleDot,
  multiselect: ListChecks,
  email: Mail,
  place: MapPin,
  photo: Camera,
  height: Ruler,
  weight: Weight,
  tool_item_select: PackageSearch,
};
