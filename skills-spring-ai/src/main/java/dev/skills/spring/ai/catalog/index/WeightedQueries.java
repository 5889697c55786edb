package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.TermQuery;

/**
 * Turns a conversation into one BM25 query of the keyword index: each term once, over
 * every field at its boost, weighted by the most recent turn that has it. Bounded:
 * {@value KeywordSkillIndex#MAX_QUERY_TERMS} distinct terms in all, the latest turn's
 * first, of turns {@link CatalogQuery} bounds.
 */
final class WeightedQueries {

	private final Analyzer analyzer;

	private final Map<String, Float> fields;

	WeightedQueries(Analyzer analyzer, Map<String, Float> fields) {
		this.analyzer = analyzer;
		this.fields = fields;
	}

	BooleanQuery of(CatalogQuery conversation) {
		Map<String, Float> weights = new LinkedHashMap<>();
		addTerms(weights, conversation.latest(), 1f);
		for (int i = 0; i < conversation.earlier().size(); i++) {
			addTerms(weights, conversation.earlier().get(i), CatalogQuery.weightOfEarlier(i));
		}
		BooleanQuery.Builder query = new BooleanQuery.Builder();
		weights.forEach((term, weight) -> this.fields.forEach((field, boost) -> query
			.add(new BoostQuery(new TermQuery(new Term(field, term)), boost * weight), BooleanClause.Occur.SHOULD)));
		return query.build();
	}

	private void addTerms(Map<String, Float> weights, String text, float weight) {
		try (TokenStream stream = this.analyzer.tokenStream("description", text)) {
			CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
			stream.reset();
			while (weights.size() < KeywordSkillIndex.MAX_QUERY_TERMS && stream.incrementToken()) {
				weights.putIfAbsent(term.toString(), weight);
			}
			stream.end();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
