import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../features/catalogue/product-page.tsx';
import { BuyAction } from './products.tsx';

/** One product; the vault hands its "Buy for a lead" in through `Actions`. */
export const Route = createFileRoute('/_app/products_/$productId')({
  component: function Product() {
    const { productId } = Route.useParams();
    return <ProductPage key={productId} productId={productId} Actions={BuyAction} />;
  },
});
