module github.com/faultline-go/faultline/bench

go 1.25.0

require github.com/faultline-go/faultline v0.0.0

require github.com/reviewdog/errorformat v0.0.0-20260721110140-13bff69235f3

replace github.com/faultline-go/faultline => ../
