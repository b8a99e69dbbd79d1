/** Body parsers with tight limits: the size is bounded before anything is parsed. */
import express from 'express';

export const jsonBody = (limit = '16kb') => express.json({ limit });
