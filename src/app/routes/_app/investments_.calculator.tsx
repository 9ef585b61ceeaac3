import { createFileRoute } from '@tanstack/react-router';
import { InvestmentCalculator } from '../../features/investments/investment-calculator.tsx';

export const Route = createFileRoute('/_app/investments_/calculator')({
  component: InvestmentCalculator,
});
