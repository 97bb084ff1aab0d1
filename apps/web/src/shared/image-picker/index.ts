export { ImagePicker, type ImagePickerProps } from './image-picker';
