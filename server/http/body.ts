/**
 * Body parsers with tight limits: the size is bounded before anything is parsed. A JSON field
 * holding U+0000, which PostgreSQL cannot store, is the 400 of the one error shape (decision 0095).
 */
import express, { type RequestHandler } from 'express';
import { rejectUnstorable } from '../validation.ts';

export const jsonBody = (limit = '16kb'): RequestHandler => {
  const parse = express.json({ limit });
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      try {
        rejectUnstorable(req.body);
      } catch (rejected) {
        return next(rejected);
      }
      next();
    });
  };
};
