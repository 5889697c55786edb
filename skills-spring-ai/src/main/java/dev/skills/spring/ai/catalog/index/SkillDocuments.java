package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillMeta;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;
import org.jspecify.annotations.Nullable;

/**
 * The keyword index's documents: one per skill, its fields and their weights, and the
 * names of the hits in ranking order.
 */
final class SkillDocuments {

	private static final String ID = "id";

	private static final String PRIORITY = "priority";

	private static final String BODY = "body";

	// A name or tag match says more about a skill than a word of its description.
	// The body says most about a skill, but in many more words: below the frontmatter.
	static final Map<String, Float> FIELDS = Map.of("name", 3f, "tags", 2f, "triggers", 2f, "when_to_use", 1.5f,
			"description", 1f, BODY, 0.5f);

	private static final Comparator<Hit> RANKING = Comparator.comparingDouble(Hit::score)
		.reversed()
		.thenComparing(Comparator.comparingLong(Hit::priority).reversed())
		.thenComparing(Hit::name);

	private SkillDocuments() {
	}

	static Term id(String name) {
		return new Term(ID, name);
	}

	static Document of(SkillMeta meta, @Nullable String body) {
		Document document = new Document();
		document.add(new StringField(ID, meta.name(), Field.Store.NO));
		document.add(new SortedDocValuesField(ID, new BytesRef(meta.name())));
		document.add(new NumericDocValuesField(PRIORITY, meta.priority()));
		document.add(new TextField("name", meta.name().replace('-', ' ').replace('_', ' '), Field.Store.NO));
		document.add(new TextField("description", meta.description(), Field.Store.NO));
		if (meta.whenToUse() != null) {
			document.add(new TextField("when_to_use", meta.whenToUse(), Field.Store.NO));
		}
		document.add(new TextField("triggers", String.join("\n", meta.triggers()), Field.Store.NO));
		document.add(new TextField("tags", String.join(" ", meta.tags()), Field.Store.NO));
		if (body != null) {
			document.add(new TextField(BODY, body, Field.Store.NO));
		}
		return document;
	}

	// Best first: by score, then priority, then name. Priority and name are read in
	// document order: doc values iterators only move forward.
	static List<String> ranked(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
		ScoreDoc[] inOrder = hits.clone();
		Arrays.sort(inOrder, Comparator.comparingInt((ScoreDoc hit) -> hit.doc));
		List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
		List<Hit> ranked = new ArrayList<>(hits.length);
		LeafReaderContext leaf = null;
		NumericDocValues priorities = null;
		SortedDocValues names = null;
		for (ScoreDoc hit : inOrder) {
			if (leaf == null || hit.doc >= leaf.docBase + leaf.reader().maxDoc()) {
				leaf = leaves.get(ReaderUtil.subIndex(hit.doc, leaves));
				priorities = DocValues.getNumeric(leaf.reader(), PRIORITY);
				names = DocValues.getSorted(leaf.reader(), ID);
			}
			int doc = hit.doc - leaf.docBase;
			long priority = priorities.advanceExact(doc) ? priorities.longValue() : 0;
			String name = names.advanceExact(doc) ? names.lookupOrd(names.ordValue()).utf8ToString() : "";
			ranked.add(new Hit(hit.score, priority, name));
		}
		ranked.sort(RANKING);
		List<String> result = new ArrayList<>(ranked.size());
		ranked.forEach((hit) -> result.add(hit.name()));
		return result;
	}

	private record Hit(float score, long priority, String name) {
	}

}
