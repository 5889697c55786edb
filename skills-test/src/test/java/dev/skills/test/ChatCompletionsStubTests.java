package dev.skills.test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ChatCompletionsStubTests {

	private final ChatCompletionsStub stub = ChatCompletionsStub.start();

	private final HttpClient http = HttpClient.newHttpClient();

	@AfterEach
	void close() {
		this.stub.close();
	}

	@Test
	void whenTheOpenAiClientTalksToTheStubThenTheScriptedToolCallRunsAndItsResultIsSentBack() {
		Weather weather = new Weather();
		this.stub.thenCall("forecast", "{\"city\":\"Oslo\"}").thenAnswer("Take a coat.");
		String answer = ChatClient.create(openAi()).prompt().user("Weather?").tools(weather).call().content();
		assertThat(answer).isEqualTo("Take a coat.");
		assertThat(weather.cities).containsExactly("Oslo");
		List<JsonNode> requests = this.stub.requests();
		assertThat(requests).hasSize(2);
		assertThat(requests.get(0).path("tools").toString()).contains("forecast");
		JsonNode last = requests.get(1).path("messages").get(requests.get(1).path("messages").size() - 1);
		assertThat(last.path("role").asString()).isEqualTo("tool");
		assertThat(last.path("content").asString()).contains("Snow in Oslo");
	}

	@Test
	void whenTheScriptIsUsedUpThenTheRuleAnswersFromTheRequest() {
		this.stub.otherwise((request) -> ChatCompletionsStub.Reply
			.answer("Heard " + request.path("messages").size() + " message(s)"));
		ChatClient client = ChatClient.create(openAi());
		assertThat(client.prompt().system("Be brief.").user("hi").call().content()).isEqualTo("Heard 2 message(s)");
		assertThat(client.prompt().user("again").call().content()).isEqualTo("Heard 1 message(s)");
	}

	@Test
	void whenNoStepIsLeftThenTheRequestGetsAnErrorSayingSo() throws Exception {
		HttpResponse<String> response = post("/v1/chat/completions", "{\"messages\":[]}");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).contains("the script has no answer for request 1");
		assertThat(this.stub.requests()).hasSize(1);
	}

	@Test
	void whenAnotherPathIsAskedThenItIsNotFoundAndNotRecorded() throws Exception {
		this.stub.thenAnswer("unused");
		HttpResponse<String> response = post("/v1/embeddings", "{}");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.body()).contains("POST /v1/chat/completions");
		assertThat(this.stub.requests()).isEmpty();
	}

	@Test
	void whenStreamingIsAskedThenTheRequestIsRefused() throws Exception {
		this.stub.thenAnswer("unused");
		HttpResponse<String> response = post("/v1/chat/completions", "{\"stream\":true,\"messages\":[]}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("does not stream");
	}

	@Test
	void whenResetThenRequestsAndStepsAreForgotten() throws Exception {
		this.stub.thenAnswer("forgotten");
		post("/v1/chat/completions", "{\"messages\":[]}");
		this.stub.thenAnswer("also forgotten");
		this.stub.reset();
		assertThat(this.stub.requests()).isEmpty();
		assertThat(post("/v1/chat/completions", "{\"messages\":[]}").statusCode()).isEqualTo(500);
	}

	@Test
	void whenClosedThenThePortIsNoLongerServed() {
		String url = this.stub.baseUrl();
		this.stub.close();
		assertThatExceptionOfType(ConnectException.class).isThrownBy(() -> this.http.send(
				HttpRequest.newBuilder(URI.create(url + "/chat/completions")).timeout(Duration.ofSeconds(5)).build(),
				HttpResponse.BodyHandlers.ofString()));
	}

	@Test
	void whenAReplyIsNeitherACallNorATextThenItIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ChatCompletionsStub.Reply(null, null, null));
		assertThatIllegalArgumentException().isThrownBy(() -> new ChatCompletionsStub.Reply("tool", "{}", "text"));
	}

	private OpenAiChatModel openAi() {
		return OpenAiChatModel.builder()
			.options(OpenAiChatOptions.builder()
				.baseUrl(this.stub.baseUrl())
				.apiKey("test")
				.model("stub")
				.maxRetries(0)
				.build())
			.build();
	}

	private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
		URI uri = URI.create(this.stub.baseUrl().replace("/v1", "") + path);
		return this.http.send(HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(5))
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
