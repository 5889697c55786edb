package dev.skills.spring.ai.catalog.index;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FusedSkillRetriever}: reciprocal rank fusion of several rankings.
 */
class FusedSkillRetrieverTests {

	@Test
	void whenBothRetrieversRankASkillThenItComesBeforeOneThatOnlyOneRanksFirst() {
		SkillRetriever keywords = (text, limit) -> List.of("a", "shared", "b");
		SkillRetriever meaning = (text, limit) -> List.of("c", "shared", "d");
		assertThat(FusedSkillRetriever.of(keywords, meaning).retrieve("x", 10)).startsWith("shared")
			.containsExactlyInAnyOrder("shared", "a", "c", "b", "d");
	}

	@Test
	void whenScoresTieThenTheFirstRetrieversOrderDecidesAndTheLimitHolds() {
		SkillRetriever keywords = (text, limit) -> List.of("a", "b");
		SkillRetriever meaning = (text, limit) -> List.of("c", "d");
		assertThat(FusedSkillRetriever.of(keywords, meaning).retrieve("x", 3)).containsExactly("a", "c", "b");
	}

	@Test
	void whenAConversationIsRankedThenEachRetrieverRanksTheWholeConversation() {
		SkillRetriever keywords = new SkillRetriever() {
			@Override
			public List<String> retrieve(String text, int limit) {
				return List.of("latest-only");
			}

			@Override
			public List<String> retrieve(CatalogQuery query, int limit) {
				return List.of("conversation");
			}
		};
		assertThat(FusedSkillRetriever.of(keywords)
			.retrieve(new CatalogQuery("and for the backend", List.of("upgrade the frontend")), 5))
			.containsExactly("conversation");
	}

	@Test
	void whenClosedThenTheRetrieversThatCanBeClosedAreClosed() throws Exception {
		AtomicBoolean closed = new AtomicBoolean();
		Closeable closeable = new Closeable(closed);
		FusedSkillRetriever.of((text, limit) -> List.of(), closeable).close();
		assertThat(closed).isTrue();
	}

	private record Closeable(AtomicBoolean closed) implements SkillRetriever, AutoCloseable {

		@Override
		public List<String> retrieve(String text, int limit) {
			return List.of();
		}

		@Override
		public void close() {
			this.closed.set(true);
		}

	}

}
